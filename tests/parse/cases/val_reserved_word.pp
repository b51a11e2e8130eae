$a = private
$b = attr
