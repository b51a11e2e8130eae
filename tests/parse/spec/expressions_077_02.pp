# spec: expressions.md:1464, statement 2 of 5
Float[2.0]        # the exact value 2.0
