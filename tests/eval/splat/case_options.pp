case ringo {
  *[paul, ringo, george, john]: { notice('One of The Beatles') }
}
