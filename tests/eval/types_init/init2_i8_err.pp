notice(Init['x'])
