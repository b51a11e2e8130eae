each([1]) |$x| { notice($x) }
$a.each |Integer $i, String[1] $s = 'x', *$rest| >> Integer { 1 }
$b.with || { 1 }
$c = with(1) |$x| { $x }
$d.each |$k, $v| { }
