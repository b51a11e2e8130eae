type MySet = TypeSet[{ pcore_version => '2.0.0', types => { Foo => Integer } }]
notice(MySet)
