# spec: expressions.md:521, statement 3 of 3
2 >> -1  # 4
