$a = [1, 2]
notice([10, 20, 30][*$a])
notice(Integer[*$a])
