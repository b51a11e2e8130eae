notice(SemVerRange('>=1.0.0 <2.0.0'))
notice(SemVerRange('~1.2'))
