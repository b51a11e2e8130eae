function twice(Integer $x) { $x * 2 }
function label(String[1] $s, Optional[Integer] $n) { "${s}${n}" }
notice(Integer[1, 5].map |$i| { twice($i) })
notice(label('a', undef), label('b', 3))
notice(twice('x'))
