type Foo = Variant[Foo, String, Integer]
notice(assert_type(Foo, /x/) |$e, $a| { "${e} ${a}" })
