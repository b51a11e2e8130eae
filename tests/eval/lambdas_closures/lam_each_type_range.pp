Integer[1, 3].each |$i| { notice($i) }
