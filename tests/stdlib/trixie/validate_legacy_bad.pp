validate_legacy(1, 2)
