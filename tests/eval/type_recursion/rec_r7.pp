type T = Struct[{a => Optional[T]}]
notice({a => {a => undef}} =~ T)
