$a = 1
$b = function 'x'
$c = 2
