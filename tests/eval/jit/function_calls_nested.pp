function fib(Integer $n) {
  if $n < 2 { $n } else { fib($n - 1) + fib($n - 2) }
}
function sq($x) { $x * $x }
function sumsq($a, $b) { sq($a) + sq($b) }
notice(fib(15))
notice(Integer[1, 3].map |$i| { sumsq($i, $i + 1) })
function bad() { break() }
notice(bad())
