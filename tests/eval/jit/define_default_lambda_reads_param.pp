define t($n, $x = [1, 2].map |$v| { $v * $n }, $y = [1].map |$v| { $z }, $z = 1) { notice($x) }
t { 'a': n => 3, y => [] }
t { 'b': n => 4 }
