# spec: expressions.md:2023, statement 1 of 2
case $x {
  *[paul, ringo, george, john] : {
    'One of The Beatles'
  }
}
