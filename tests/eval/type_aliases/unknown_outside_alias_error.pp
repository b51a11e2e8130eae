type A = Nosuch
notice(Nosuch)
