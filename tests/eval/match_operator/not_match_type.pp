notice(1 !~ String)
