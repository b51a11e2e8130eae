# spec: expressions.md:1511, statement 3 of 6
Timespan[{hour => 1}, {hour => 2}] # a timespan between 1 and two hours
