# spec: expressions.md:207, statement 2 of 7
$x = $a[1]     # $x becomes 2 (Accessing element at index 1 in the value referenced by $a)
