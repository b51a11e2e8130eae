# spec: expressions.md:1419, statement 1 of 4
Integer[2]        # the exact value 2
