notice(type(SemVer('1.2.3')))
notice(type(SemVerRange('>=1.0.0')))
