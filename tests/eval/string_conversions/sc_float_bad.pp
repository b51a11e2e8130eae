notice(Float('abc'))
