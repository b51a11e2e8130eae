notice(-7 / 2)
