type T = Object[{attributes => { a => { type => Integer, value => 'x' } }}]
notice(T())
