notice(Timespan)
notice(Timespan[2])
notice(Timestamp)
notice(Timestamp['2012-10-10'])
