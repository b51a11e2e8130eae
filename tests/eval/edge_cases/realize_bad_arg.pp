realize(3)
