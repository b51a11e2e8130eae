notice(SemVer('1.2.3') < '1.10.0')
