notice(Resource[File, '/tmp/x'])
notice(Resource[File]['/tmp/x'])
