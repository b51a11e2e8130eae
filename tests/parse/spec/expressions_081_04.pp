# spec: expressions.md:1558, statement 4 of 4
Timestamp['2010-01-01', '2015-12-31T23:59:59.999999999'] # A timestamp greater >= year 2010 and < 2016.
