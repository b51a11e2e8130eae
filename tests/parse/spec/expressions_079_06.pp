# spec: expressions.md:1511, statement 6 of 6
Timespan['1-00:00:00', Timespan({days => 2, nanoseconds => -1})] # a timespan between 1 and up to (but not including) 2 days
