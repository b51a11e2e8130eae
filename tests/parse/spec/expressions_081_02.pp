# spec: expressions.md:1558, statement 2 of 4
Timestamp['2012-10-10']                       # The exact Timestamp 2012-10-10T00:00:00.0 UTC
