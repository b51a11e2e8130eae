type Foo = Variant[Foo, String, Integer]
notice(assert_type(Foo, 'x'))
notice(Foo)
notice(assert_type(Foo, /x/))
