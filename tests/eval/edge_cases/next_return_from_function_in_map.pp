function g($x) { if $x == 2 { next(7) } $x }
notice([1,2,3].map |$x| { g($x) })
function h($x) { if $x == 2 { return(8) } $x }
notice([1,2,3].map |$x| { h($x) })
