type T = Object[{attributes => { a => Integer }, equality => [b]}]
notice(T(1))
