type Foo = Variant[Foo, String, Integer]
$x = /x/
notice($x =~ Foo)
notice(Foo >= String)
