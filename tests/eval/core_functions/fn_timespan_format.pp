notice(Timespan('1-02:03:04').strftime('%D days %H:%M'))
