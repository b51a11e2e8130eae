notice(SemVerRange('1.x') == SemVerRange('1.x'))
notice(SemVerRange('>1.0.0') == SemVerRange('>=1.0.1'))
notice(SemVerRange('1.x || 2.x') == SemVerRange('>=1.0.0 <3.0.0'))
notice(SemVerRange('*') == SemVerRange('>=0.0.0'))
