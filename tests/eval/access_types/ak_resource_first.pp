notice(Resource[1, 'a'])
