type A = Object[{attributes => {x => Integer}, bogus => 1}]
notice(A(1))
