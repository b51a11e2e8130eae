$a = Integer[1, 2,]
