$h = {a => 1, b => 2, c => 3}
$h.step(1).each |$k, $v| { notice("${k}=${v}") }
$h.step(2).each |$x| { notice($x) }
$h.reverse_each.each |$k, $v| { notice("${k}=${v}") }
$h.step(1).map |$k, $v| { "${k}${v}" }.notice
$h.step(1).each |$i, $kv| { notice($i) }
notice($h.step(1).filter |$k, $v| { $v > 1 })
notice($h.reverse_each.reduce |$m, $kv| { "${m}${kv}" })
notice({a=>1}.step(1).map |$k, $v| { [$k, $v] })
