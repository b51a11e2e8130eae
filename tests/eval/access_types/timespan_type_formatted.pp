notice(Timespan[Timespan('11', '%H'), Timespan('12', '%H')])
