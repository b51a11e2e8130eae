notice(Resource > Resource[File])
notice(Resource[File] > File['/x'])
notice(Resource[File] != Resource[Notify])
