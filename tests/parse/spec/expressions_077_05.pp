# spec: expressions.md:1464, statement 5 of 5
Float[-1.0,1.0]   # values -1.0 to 1.0 inclusive
