# spec: expressions.md:41, statement 5 of 6
31.415e-1
