case 1 { 1: { $in_case = 'c' } }
notice($in_case)
