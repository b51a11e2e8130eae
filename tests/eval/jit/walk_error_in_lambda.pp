# The second element fails inside the lambda: the error is the operator's,
# located in the lambda, after the first element's log.
[1, 'a', 3].each |$x| {
  notice($x)
  $y = $x * 2
}
