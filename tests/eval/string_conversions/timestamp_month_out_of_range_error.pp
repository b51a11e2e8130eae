notice(Timestamp('2020-13-02', '%Y-%m-%d'))
