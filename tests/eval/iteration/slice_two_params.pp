[1, 2, 3, 4].slice(2) |$a, $b| { notice("${a}-${b}") }
