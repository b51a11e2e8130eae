notice(Numeric('1'))
notice(Numeric('1.5'))
notice(Numeric('0x10'))
notice(Numeric(true))
