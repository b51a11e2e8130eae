type Name = String[1]
type Person = Struct[{name => Name, age => Integer}]
notice({name => 'a', age => 3} =~ Person)
notice({name => '', age => 3} =~ Person)
