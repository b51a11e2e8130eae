# spec: expressions.md:1255, statement 3 of 7
Class[myclass][x]                # => 10
