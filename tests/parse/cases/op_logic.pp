$a = true and false
$b = true or false
$c = !true
$d = true and (false or true)
