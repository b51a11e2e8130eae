notice("${[1, a, [b, c]]}")
