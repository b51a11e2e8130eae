$a = [1, 2]
notice([0, *$a, 3])
