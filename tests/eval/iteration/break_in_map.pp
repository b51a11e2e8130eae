notice([1, 2, 3].map |$x| { if $x == 3 { break() }
 $x * 2 })
