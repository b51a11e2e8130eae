notice(postgresql::postgresql_password('alice', 'secret', false, 'sha1'))
