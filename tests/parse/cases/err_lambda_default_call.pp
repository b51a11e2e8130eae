$a.each |$x = foo() | { }
