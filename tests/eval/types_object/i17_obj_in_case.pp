type P = Object[{name => 'P', attributes => {a => Integer}}]
case P(1) { P: { notice(p) } default: { notice(d) } }
notice(P(1) ? { Object => o, default => d })
notice(P(1) =~ Object)
notice(P =~ Type[Object])
notice(P < Object)
