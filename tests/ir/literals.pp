$i = 42
$f = 1.5e3
$s = 'single'
$d = "double ${i} and $f"
$a = [1, *[2, 3], 'x']
$h = { 'a' => 1, b => [2] }
$r = /^ab+c$/
$t = Array[Integer[1, 10]]
$u = undef
$x = default
