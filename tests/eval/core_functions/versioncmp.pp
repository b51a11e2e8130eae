notice(versioncmp('1.2', '1.10'))
notice(versioncmp('2.0', '2.0'))
notice(versioncmp('3.0', '2.9'))
