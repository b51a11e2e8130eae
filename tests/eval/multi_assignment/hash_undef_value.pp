[$a] = {a => undef}
notice($a == undef)
