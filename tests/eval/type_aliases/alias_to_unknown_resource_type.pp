type A = Nosuch[1]
notice(1 =~ A)
