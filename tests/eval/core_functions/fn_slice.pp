[1, 2, 3, 4, 5].slice(2) |$a, $b| { notice("${a} ${b}") }
