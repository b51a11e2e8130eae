$v = if true { $q = 1
 'last' }
notice($v)
