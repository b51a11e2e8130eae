# spec: expressions.md:1511, statement 4 of 6
Timespan['1-00:00:00', '2-00:00:00'] # a timespan between 1 and 2 days
