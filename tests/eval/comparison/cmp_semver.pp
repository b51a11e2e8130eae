notice(SemVer('1.2.3') < SemVer('1.10.0'))
