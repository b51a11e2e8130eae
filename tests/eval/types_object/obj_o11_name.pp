type My::P = Object[{name => 'Other', attributes => { x => Integer } }]
notice(My::P)
notice(My::P(3))
