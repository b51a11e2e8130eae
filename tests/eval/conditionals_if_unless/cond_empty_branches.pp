$v = if true { }
notice($v =~ Undef)
