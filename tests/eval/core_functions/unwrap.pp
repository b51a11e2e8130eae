notice(Sensitive('s').unwrap)
notice(unwrap('plain'))
