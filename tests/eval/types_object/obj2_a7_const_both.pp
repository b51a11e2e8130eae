type T = Object[{attributes => { a => Integer }, constants => { a => 1 }}]
notice(T(1))
