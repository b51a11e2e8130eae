$h = {a => 1, b => 2, c => 3}
$h.step(2).each |$k, $v| { notice("${k}=${v}") }
notice($h.step(1).all |$k, $v| { $v > 0 })
notice($h.step(1).any |$k, $v| { $v > 2 })
notice($h.step(1).index |$k, $v| { $v == 2 })
notice($h.step(1).index |$kv| { $kv == 2 })
notice($h.step(1).index(3))
notice($h.step(1).filter |$kv| { $kv[1] > 1 })
notice($h.step(1).map |$kv| { $kv })
notice($h.step(1).reverse_each.map |$k, $v| { $k })
notice($h.step(1).step(1).map |$k, $v| { $k })
notice($h.step(1).reduce |$m, $x| { "${m}${x}" })
notice(Array($h.step(1)))
notice($h.step(1).slice(2))
