notice(lookup('num', String))
