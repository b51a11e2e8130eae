notice(with(5) |$x| { $a = $x
 $a * 2 })
