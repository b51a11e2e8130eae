type Runtime[ruby, 'Foo'] = Integer
notice(1)
