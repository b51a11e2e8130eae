type P = Object[{name => 'P', attributes => {a => Integer, b => Array[Integer]}}]
$p = P(1, [2, 3])
$p.tree_each |$path, $v| { notice("${path} ${v}") }
[$p].each |$v| { notice($v.a) }
notice([$p, 1].map |$x| { type($x) })
