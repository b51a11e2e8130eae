# spec: expressions.md:985, statement 12 of 12
"abcd"[2,-3]           # => ""
