# spec: expressions.md:1255, statement 1 of 7
class myclass($x = 10, $y=20) { }
