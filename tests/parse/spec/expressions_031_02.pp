# spec: expressions.md:494, statement 2 of 3
2 << 2  # 8
