type S = TypeSet[{ pcore_version => '1.0.0', types => { 'a' => Integer } }]
notice(S)
