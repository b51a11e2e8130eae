notice(Integer('0o77'))
