$v = if false { 'a' }
notice($v == undef)
