# spec: expressions.md:168
$a = apache::port # equal to $a = 'apache::port'
