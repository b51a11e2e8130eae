$a = apache::port
notice($a)
notice($a =~ String)
