notice(postgresql::postgresql_password('alice', 7, false, 'scram-sha-256'))
