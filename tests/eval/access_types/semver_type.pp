notice(SemVer['>=1.0.0'])
notice(SemVer['1.x', '>=3.0.0'])
