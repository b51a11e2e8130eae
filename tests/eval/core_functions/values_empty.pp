notice(values({}))
