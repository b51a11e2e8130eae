# spec: expressions.md:1558
Timestamp['2000-01-01T00:00:00.000', default] # a timestamp in the 21st century or later
Timestamp['2012-10-10']                       # The exact Timestamp 2012-10-10T00:00:00.0 UTC
Timestamp[default, 1433116800]                # A Timestamp <= 2015-06-01T00:00:00 UTC (here expressed as seconds since epoch
Timestamp['2010-01-01', '2015-12-31T23:59:59.999999999'] # A timestamp greater >= year 2010 and < 2016.
