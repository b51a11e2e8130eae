notice(Timestamp['2012-10-10'])
