# spec: expressions.md:41, statement 2 of 6
0777 # octal
