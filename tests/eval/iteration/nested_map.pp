notice([[1, 2], [3]].map |$a| { $a.map |$x| { $x + 1 } })
