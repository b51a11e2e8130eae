type Runtime[ruby, [/^Foo::(\w+)$/, 'Bar::\1']] = [/^Bar::(\w+)$/, 'Foo::\1']
notice(1)
