[5, 10, 15].map |Integer[0, 10] $x| { notice($x) }
