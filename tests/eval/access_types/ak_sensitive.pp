notice(Sensitive[1])
