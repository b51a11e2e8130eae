type Foo[1] = Bar
