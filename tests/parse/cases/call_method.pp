$a = [1,2].map |$x| { $x * 2 }
$b = $a.reduce(0) |$memo, $x| { $memo + $x }
$c = 'myclass'.downcase
$d = [1,2,3].map |$x| { $x * 10 }.reduce |$memo, $x| { $memo + $x }
$e = $a.filter |$x| { $x > 2 }.size
$f = $a.join(',')
$g = $x.type
