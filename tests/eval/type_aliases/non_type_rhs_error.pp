type A = 3
