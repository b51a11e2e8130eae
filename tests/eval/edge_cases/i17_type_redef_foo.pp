type Foo = Integer
type Foo = String
