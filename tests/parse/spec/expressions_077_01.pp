# spec: expressions.md:1464, statement 1 of 5
Float[2]          # the exact value 2.0
