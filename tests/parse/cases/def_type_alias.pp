type MyInt = Integer
type MyRange = Integer[1, 10]
type MyStruct = Struct[{a => Integer,}]
type MyObj = Object { attributes => { a => Integer } }
type MyHash = { attributes => { a => Integer } }
type MyArr = [Integer]
type Mod::Name = Variant[String, Integer]
