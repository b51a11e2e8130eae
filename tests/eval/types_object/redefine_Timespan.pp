type Timespan = Integer
notice(Timespan)
