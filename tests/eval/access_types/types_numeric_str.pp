notice('1' =~ Numeric, 1.0 =~ Integer, 1 =~ Float)
