$a = foo
$b = bar
$c = "${a}${b}"
notice($c)
notice($c.length)
