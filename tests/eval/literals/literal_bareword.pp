notice(foo, Foo, foo::bar)
