notice(Resource['notify', 'x'])
notice(Resource['my::thing', 'x'])
