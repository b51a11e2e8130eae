$v = case 3 { 3: { 'three' } default: { 'other' } }
notice($v)
