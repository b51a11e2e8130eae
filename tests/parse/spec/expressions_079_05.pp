# spec: expressions.md:1511, statement 5 of 6
Timespan[Timespan('11', '%H'), Timespan('12', '%H')]              # a timespan between 11 and 12 hours
