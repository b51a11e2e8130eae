notice(1 =~ Callable)
