notice(1 =~ Init[Any])
