$a = "outer ${"inner ${1 + 2} more"} end"
$b = "${[1,2].map |$x| { $x * 2 }}"
$c = "${if true { 'y' } else { 'n' }}"
