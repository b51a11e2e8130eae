# spec: expressions.md:248, statement 2 of 2
1.0 + 1.0  # produces 2.0
