function foo($a, $b, $c) { "${a}-${b}-${c}" }
notice(foo(1, *[2, 3]))
