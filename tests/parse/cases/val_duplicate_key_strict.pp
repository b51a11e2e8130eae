# @setting strict = error
$a = {a => 1, a => 2}
