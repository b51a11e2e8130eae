validate_numeric([1, '1.5'], 2, 0)
validate_numeric([1, 5], 2)
