notice(Integer(true))
notice(Integer(false))
