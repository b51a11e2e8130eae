notice(Init[1])
