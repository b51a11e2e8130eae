notice(0)
notice(00)
