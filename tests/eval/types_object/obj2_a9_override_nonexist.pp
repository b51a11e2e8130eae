type T = Object[{attributes => { a => { type => Integer, override => true } }}]
notice(T(1))
