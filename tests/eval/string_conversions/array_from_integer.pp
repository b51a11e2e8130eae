notice(Array(1))
