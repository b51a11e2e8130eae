$c = Class[apache]
notice($c)
