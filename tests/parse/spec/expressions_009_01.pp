# spec: expressions.md:248, statement 1 of 2
1 + 1      # produces 2
