validate_legacy(Integer[0, 5], 'validate_integer', 7)
