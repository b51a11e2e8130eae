with(1, 2) |$a = 1, Array[Integer, 1] *$x| { notice($x) }
