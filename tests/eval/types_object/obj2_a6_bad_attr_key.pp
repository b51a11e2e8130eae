type T = Object[{attributes => { a => { type => Integer, bogus => 1 } }}]
notice(T(1))
