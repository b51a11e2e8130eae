notice(String(1.0e-5))
notice(String(123456789.123))
notice(String(1e16))
