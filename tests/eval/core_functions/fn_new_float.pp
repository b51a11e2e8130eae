notice(Float('1.5e2'), Float(3))
