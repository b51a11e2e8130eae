notice(4.map |$i| { $i * $i })
