# spec: expressions.md:505, statement 2 of 3
[1,2,3] << [4]     # [1,2,3,[4]]
