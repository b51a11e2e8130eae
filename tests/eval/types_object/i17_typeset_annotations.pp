type TS = TypeSet[{pcore_version => '1.0.0', version => '1.0.0', types => {A => Integer}, annotations => {}}]
notice(TS)
