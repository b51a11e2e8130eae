type P = Object[{attributes => {x => Integer}, functions => {double => Callable[[], Integer]}}]
$p = P(1)
notice(P)
notice($p.double)
