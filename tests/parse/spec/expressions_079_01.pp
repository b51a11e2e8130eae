# spec: expressions.md:1511, statement 1 of 6
Timespan[2]                        # a timespan of 2 seconds
