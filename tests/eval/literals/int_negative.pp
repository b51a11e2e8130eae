notice(-5)
notice(- 5)
