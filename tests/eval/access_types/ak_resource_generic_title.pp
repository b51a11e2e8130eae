notice(Resource['file', 1])
