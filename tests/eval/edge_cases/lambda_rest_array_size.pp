with(1, 2, 3) |Array[Integer, 1, 2] *$x| { notice($x) }
