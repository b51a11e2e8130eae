# spec: expressions.md:1464
Float[2]          # the exact value 2.0
Float[2.0]        # the exact value 2.0
Float[1, 3.2]     # values 1.0 to 3.2 inclusive
Float[3.2,1.5]    # values 3.2 to 1.5 inclusive
Float[-1.0,1.0]   # values -1.0 to 1.0 inclusive
