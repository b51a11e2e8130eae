type P = Object[{attributes => {x => Integer, s => String}}]
$p = P(1, 'a')
notice(String($p))
notice("${p}")
notice(String($p, '%p'))
notice([$p])
notice({k => $p})
notice(type($p, 'generalized'))
notice(type(P))
