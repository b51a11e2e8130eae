# spec: expressions.md:1511, statement 2 of 6
Timespan[77.3]                     # a timespan of 1 minute, 17 seconds, and 300 milliseconds
