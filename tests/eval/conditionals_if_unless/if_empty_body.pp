$v = if true { }
notice($v == undef)
