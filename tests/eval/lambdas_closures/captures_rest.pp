with(1, 2, 3) |$first, *$rest| { notice($first)
 notice($rest) }
