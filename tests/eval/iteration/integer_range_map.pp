notice(Integer[3, 5].map |$i| { $i })
