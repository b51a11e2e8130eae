$a = [*[1, 2], 3]
notice(*[1, 2])
$b = foo(*$x)
