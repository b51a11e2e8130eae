case me {
  you, *[paul, ringo, george, john], me: { notice('One of The Beatles, you, or me') }
}
