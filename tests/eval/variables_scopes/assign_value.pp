notice($a = 5)
notice($a)
