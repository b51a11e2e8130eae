notice(type, function)
