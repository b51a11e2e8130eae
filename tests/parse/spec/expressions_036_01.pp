# spec: expressions.md:551, statement 1 of 7
true and false  # false
