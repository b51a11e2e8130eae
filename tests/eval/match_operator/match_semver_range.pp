notice(SemVer('1.2.3') =~ SemVerRange('>=1.0.0'))
