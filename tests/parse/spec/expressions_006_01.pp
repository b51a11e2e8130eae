# spec: expressions.md:207, statement 1 of 7
$a = [1, 2, 3] # $a becomes Literal Array of 3 numbers
