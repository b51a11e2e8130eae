type Foo { }
notice(1)
