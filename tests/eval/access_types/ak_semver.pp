notice(SemVer['>=1', 1])
