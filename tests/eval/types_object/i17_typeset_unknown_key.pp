type TS = TypeSet[{pcore_version => '1.0.0', version => '1.0.0', nope => 1, types => {A => Integer}}]
notice(TS)
