type S = TypeSet[{ pcore_version => '1.0.0', version => SemVer('1.2.3'), types => { A => Integer } }]
notice(S)
