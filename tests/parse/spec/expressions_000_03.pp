# spec: expressions.md:41, statement 3 of 6
0xFF # hexadecimal
