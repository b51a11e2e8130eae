# spec: expressions.md:207, statement 3 of 7
$x = $a; [1]   # $x becomes the literal array, a literal array containing '1' is produced
