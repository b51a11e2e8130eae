# spec: expressions.md:521
1 >> 1   # 0
8 >> 2   # 2
2 >> -1  # 4
