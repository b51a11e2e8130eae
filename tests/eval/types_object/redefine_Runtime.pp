type Runtime = Integer
notice(Runtime)
