validate_legacy(Integer, 'validate_integer', 3)
validate_legacy(String, 'validate_string', 3)
notice('ok')
