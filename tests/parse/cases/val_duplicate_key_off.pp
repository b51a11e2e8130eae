# @setting strict = off
$a = {a => 1, a => 2}
