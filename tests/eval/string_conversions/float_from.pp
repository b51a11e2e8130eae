notice(Float('1.5'))
notice(Float('1e3'))
notice(Float(3))
