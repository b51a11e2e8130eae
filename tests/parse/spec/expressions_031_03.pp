# spec: expressions.md:494, statement 3 of 3
8 << -1 # 4
