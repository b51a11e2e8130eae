type A = Object[{attributes => {x => Integer}}]
notice(A(1) =~ Object)
notice(Object[{attributes => {x => Integer}}])
