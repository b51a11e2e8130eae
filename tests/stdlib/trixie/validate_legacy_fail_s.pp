validate_legacy('Array[String]', 'validate_array', [1])
