$h = { [1,2] => 'a', [3] => 'b', {x => 1} => 'c' }
notice($h.keys)
notice($h[[1,2]])
notice($h.filter |$k, $v| { $k =~ Array })
notice($h.map |$k, $v| { $k })
notice($h.reduce |$m, $kv| { $m })
notice($h.length)

notice(sort($h.keys.map |$k| { String($k) }))
notice($h.map |$k, $v| { $k }.flatten)
