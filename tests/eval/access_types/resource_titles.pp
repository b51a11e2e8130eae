notice(Resource[File, '/tmp/x', '/tmp/y'])
