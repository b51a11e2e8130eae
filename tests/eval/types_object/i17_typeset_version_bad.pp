type TS = TypeSet[{pcore_version => '2.0.0', version => '1.0.0', types => {A => Integer}}]
notice(TS)
