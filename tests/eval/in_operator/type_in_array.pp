notice(Integer in ['a', 1])
notice(Float in ['a', 1])
