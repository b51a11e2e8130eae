type P = Object[{attributes => {x => Integer}}]
$p = P(1)
notice($p.y)
