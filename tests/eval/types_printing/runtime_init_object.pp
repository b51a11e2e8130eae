notice(Runtime['ruby', 'Foo'])
notice(Init[Integer])
notice(Object)
notice(TypeSet)
