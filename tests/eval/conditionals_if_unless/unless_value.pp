$v = unless false { 'u' }
notice($v)
