$v = case 3 { 1: { one } 2: { two } }
notice($v == undef)
