# spec: expressions.md:494
1 << 1  # 2
2 << 2  # 8
8 << -1 # 4
