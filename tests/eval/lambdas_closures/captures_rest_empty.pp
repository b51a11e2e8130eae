with(1) |$first, *$rest| { notice($rest) }
