notice(Timestamp('2020-01-02', '%F', 'Europe/Stockholm'))
