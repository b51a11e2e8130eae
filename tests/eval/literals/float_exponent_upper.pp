notice(1E3)
notice(2e2)
