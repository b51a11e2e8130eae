notice(SemVer('1.0.0') =~ SemVer)
notice(SemVer('1.5.0') =~ SemVer['>=1.0.0 <2.0.0'])
notice(SemVerRange('>=1.0.0') =~ SemVerRange)
notice('1.0.0' =~ SemVer)
