class c { $v = 1 }
[$v] = Class['c']
