notice(slice([1, 2, 3], 2))
