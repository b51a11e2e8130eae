class layered($a, $b, $c, $h, $l) { notice("${a} ${b} ${c} ${h} ${l}") }
