;notice(1)
