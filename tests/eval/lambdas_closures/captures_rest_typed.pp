with(1, 2, 'x') |$first, Integer *$rest| { notice($rest) }
