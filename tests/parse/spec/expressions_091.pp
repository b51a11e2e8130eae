# spec: expressions.md:1795
Integer[0,10]("0xFF")
