notice(1.0 =~ Float)
notice(1 =~ Float)
