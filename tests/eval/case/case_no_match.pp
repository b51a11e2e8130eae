$r = case 3 { 1: { 'one' } }
notice($r)
