# spec: expressions.md:1464, statement 4 of 5
Float[3.2,1.5]    # values 3.2 to 1.5 inclusive
