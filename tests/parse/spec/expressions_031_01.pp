# spec: expressions.md:494, statement 1 of 3
1 << 1  # 2
