# spec: expressions.md:551, statement 7 of 7
true and !false # true
