$a = $b.foo(1,)
