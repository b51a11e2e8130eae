notice([3, 1, 2].sort[0])
