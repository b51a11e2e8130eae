notice(Hash[Scalar, String, 1, 10])
