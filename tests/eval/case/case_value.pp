$v = case 'b' { 'a': { 1 } 'b': { 2 } }
notice($v)
