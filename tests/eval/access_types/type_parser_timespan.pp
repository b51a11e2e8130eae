notice(Type('Timespan[1,2,3]'))
