notice(type(SemVer('1.2.3')), type(SemVerRange('>=1')))
