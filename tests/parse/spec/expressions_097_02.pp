# spec: expressions.md:2023, statement 2 of 2
case $x {
  you, *[paul, ringo, george, john], me : {
    'One of The Beatles, you, or me ;-)'
  }
}
