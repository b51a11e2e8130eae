notice(versioncmp('1.2.3', '1.10.0'), versioncmp('a', 'b'))
