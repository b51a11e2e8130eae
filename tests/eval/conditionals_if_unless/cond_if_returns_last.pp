$v = if true { 1 
 2 }
notice($v)
