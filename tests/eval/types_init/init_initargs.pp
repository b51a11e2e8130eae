notice(Init[Integer, 8]('10'))
notice(Init[String, '%x'](255))
notice('10' =~ Init[Integer, 8])
