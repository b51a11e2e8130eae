# spec: expressions.md:521, statement 1 of 3
1 >> 1   # 0
