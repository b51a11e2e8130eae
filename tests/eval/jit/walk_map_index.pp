notice(['a', 'b', 'c'].map |$i, $x| { "${i}:${x}" })
notice(Integer[5, 7].map |$i, $x| { $i * 100 + $x })
notice(3.map |$x| { $x * $x })
