notice(pw_hash('a', 'sha-1', 'salt'))
