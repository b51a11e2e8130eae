type P = Object[{
  attributes => {
    x => Integer,
    y => { type => Integer, value => 0 },
    z => Optional[String],
  },
  constants => { origin => 'zero' },
  equality => ['x'],
}]
$p = P(1)
notice($p)
notice($p.y)
notice($p.z)
notice($p.origin)
notice(P(1, 2) == P(1, 3))
notice(P(1, 2) == P(2, 2))
notice(P)
