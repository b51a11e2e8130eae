notice(-8 >> 1)
notice(-1 >> 10)
