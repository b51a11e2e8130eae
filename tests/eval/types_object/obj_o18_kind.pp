type A = Object[{attributes => {x => Integer, c => { type => Integer, kind => constant, value => 3 }, d => {type => Integer, kind => derived}}}]
notice(A)
notice(A(1))
notice(A(1).c)
