type Runtime[ruby, [/^X::(\w+)$/, 'My::\1']] = TypeSet[{pcore_version => '1.0.0', version => '1.0.0', types => {}}]
notice(1)
