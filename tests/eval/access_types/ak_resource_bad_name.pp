notice(Resource['a-b', 'x'])
