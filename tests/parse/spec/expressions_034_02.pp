# spec: expressions.md:521, statement 2 of 3
8 >> 2   # 2
