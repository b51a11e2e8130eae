notice(pw_hash(1, 'md5', 'x'))
