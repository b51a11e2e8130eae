# spec: expressions.md:551, statement 2 of 7
true or false   # true
