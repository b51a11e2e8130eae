type foo = Integer
