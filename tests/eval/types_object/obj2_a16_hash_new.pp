type A = Object[{attributes => { a => Integer, b => Optional[String] }}]
notice(A.new({a => 1}))
notice(new(A, 1, 'x'))
notice(A({a => 1, b => undef}))
