$y = outer
[1].each |$x| {
  $y = inner
  notice($y)
}
notice($y)
