type MySet = TypeSet[{ types => { Foo => Integer } }]
notice(MySet)
