notice(round(3))
notice(type(round(3.4)))
