type S = TypeSet[{ pcore_version => '1.0.0', types => { A => Integer }, bogus => 1 }]
notice(S)
