notice('1.2.3' in SemVerRange('>=1.0.0'))
notice(SemVer('0.9.0') in SemVerRange('>=1.0.0'))
