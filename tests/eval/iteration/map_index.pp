notice([a, b].map |$i, $x| { "${i}${x}" })
