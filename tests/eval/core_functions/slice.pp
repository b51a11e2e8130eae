notice(slice([1, 2, 3, 4], 2))
