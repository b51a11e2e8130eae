type Struct = Integer
notice(Struct)
