# spec: expressions.md:1419, statement 3 of 4
Integer[3,1]      # values 3 to 1 inclusive
