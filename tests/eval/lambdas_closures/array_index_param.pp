[a, b].each |$i, $x| { notice("${i}:${x}") }
