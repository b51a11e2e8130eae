$a = 1
notice("${a}""${a}")
