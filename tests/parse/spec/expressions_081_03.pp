# spec: expressions.md:1558, statement 3 of 4
Timestamp[default, 1433116800]                # A Timestamp <= 2015-06-01T00:00:00 UTC (here expressed as seconds since epoch
