function foo($a, $b, $c) { "${a}-${b}-${c}" }
$args = [1, 2, 3]
notice(foo(*$args))
notice(foo(1, 2, 3))
