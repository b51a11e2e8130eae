type A = A
$r = [1].map |$x| { $x }
notice(A)
