$x = $Foo
