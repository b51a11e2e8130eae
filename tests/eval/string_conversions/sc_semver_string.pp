notice(String(SemVer('1.2.3-rc1+b2')), SemVer('1.2.3') == SemVer('1.2.3'))
