# spec: expressions.md:1558, statement 1 of 4
Timestamp['2000-01-01T00:00:00.000', default] # a timestamp in the 21st century or later
