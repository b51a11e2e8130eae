# spec: expressions.md:1511
Timespan[2]                        # a timespan of 2 seconds
Timespan[77.3]                     # a timespan of 1 minute, 17 seconds, and 300 milliseconds
Timespan[{hour => 1}, {hour => 2}] # a timespan between 1 and two hours
Timespan['1-00:00:00', '2-00:00:00'] # a timespan between 1 and 2 days
Timespan[Timespan('11', '%H'), Timespan('12', '%H')]              # a timespan between 11 and 12 hours
Timespan['1-00:00:00', Timespan({days => 2, nanoseconds => -1})] # a timespan between 1 and up to (but not including) 2 days
