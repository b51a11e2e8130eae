validate_slength(['ab', 'c'], 2)
validate_slength(['abc', 'de'], 2)
