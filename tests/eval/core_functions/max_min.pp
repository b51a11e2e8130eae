notice(max(1, 5, 3))
notice(min(4, 2, 8))
notice(max('a', 'B'))
notice([3, 9, 1].max)
