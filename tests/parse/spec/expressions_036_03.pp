# spec: expressions.md:551, statement 3 of 7
true and 1      # true
