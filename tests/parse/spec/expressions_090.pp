# spec: expressions.md:1790
Integer("0xFF")
