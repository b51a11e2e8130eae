notice(Nosuchtype)
notice(Nosuchtype['x'])
