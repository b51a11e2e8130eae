# spec: expressions.md:551, statement 4 of 7
true and ''     # true
