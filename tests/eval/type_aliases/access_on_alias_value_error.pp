type A = String
$x = A[1]
notice($x)
