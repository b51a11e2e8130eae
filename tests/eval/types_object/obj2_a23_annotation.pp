type A = Object[{attributes => { a => Integer }, checks => 'x'}]
notice(A)
