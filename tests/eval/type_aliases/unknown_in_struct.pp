type A = Struct[{a => Nosuch[1]}]
notice(A)
