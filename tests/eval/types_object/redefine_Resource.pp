type Resource = Integer
notice(Resource)
