type P = Object[{attributes => {x => Integer}}]
$a = [P(1), [P(2)], {k => P(3)}]
$a.tree_each |$v| { notice($v) }
notice($a.map |$v| { $v =~ P })
notice(P(1) in $a)
