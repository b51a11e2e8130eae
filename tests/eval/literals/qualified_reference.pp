$a = Integer
notice($a)
notice($a =~ Type)
