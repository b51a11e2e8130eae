notice(Type('Pattern[1]'))
