notice(lookup('nope', Integer) |$k| { 'x' })
