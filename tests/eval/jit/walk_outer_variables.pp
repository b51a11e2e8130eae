$k = 10
$x = 5
notice([1, 2].map |$x| { $x + $k })
notice(Integer[1, 3].filter |$v| { $v < $k / 5 })
class c { $factor = 3 }
include c
notice([1, 2].map |$v| { $v * $c::factor })
