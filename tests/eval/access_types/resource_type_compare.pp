notice(Resource[File] == File)
notice(Resource[File, 'a'] == File['a'])
notice(Resource['notify'] == Notify)
