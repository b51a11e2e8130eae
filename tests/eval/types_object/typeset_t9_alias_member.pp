type S = TypeSet[{ pcore_version => '1.0.0', types => { Port => Integer[1, 65535], Ports => Array[Port] } }]
notice(S)
notice([1, 2] =~ S::Ports)
notice([0] =~ S::Ports)
