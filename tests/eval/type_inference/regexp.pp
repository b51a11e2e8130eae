notice(type(/a+/))
