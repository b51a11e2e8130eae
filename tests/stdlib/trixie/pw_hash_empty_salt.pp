notice(pw_hash('a', 'md5', ''))
