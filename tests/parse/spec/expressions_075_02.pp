# spec: expressions.md:1419, statement 2 of 4
Integer[1,3]      # values 1 to 3 inclusive
