# Loops that run as compiled code: integer arithmetic, comparisons,
# branches, strings and a Puppet function.
function fact(Integer $n) >> Integer { if $n <= 1 { 1 } else { $n * fact($n - 1) } }
$sum = Integer[1, 1000].reduce(0) |$a, $i| { $a + ($i * $i) % 7 }
$evens = [1, 2, 3, 4, 5, 6].filter |$x| { $x % 2 == 0 }
$words = ['alpha', 'beta', 'gamma'].map |$w| { "${w}-${w.length}" }
notice("sum=${sum} evens=${evens} words=${words} fact=${fact(20)}")
notice("os=${facts['os']['family']} node=${trusted['certname']}${facts['networking']['fqdn']}")
