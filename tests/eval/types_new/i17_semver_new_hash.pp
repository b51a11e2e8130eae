notice(SemVer.new({major => 1, minor => 2, patch => 3, prerelease => 'rc1', build => 'b7'}))
notice(SemVerRange.new({min => SemVer('1.0.0'), max => SemVer('2.0.0'), exclude_max => true}))
notice(SemVerRange.new({min => '1.0.0'}))
notice(SemVer.new({str => '1.2.3'}))
