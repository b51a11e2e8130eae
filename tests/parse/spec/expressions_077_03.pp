# spec: expressions.md:1464, statement 3 of 5
Float[1, 3.2]     # values 1.0 to 3.2 inclusive
