notice(pw_hash('a', 'md5', 'sa$lt'))
