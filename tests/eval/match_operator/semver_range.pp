notice('1.2.3' =~ SemVerRange('>=1.0.0 <2.0.0'))
notice(SemVer('2.1.0') =~ SemVerRange('>=1.0.0 <2.0.0'))
