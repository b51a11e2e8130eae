notice(Integer(3.7))
notice(Integer(-3.7))
