notice(Variant[Optional[Integer]] == Variant[Integer, Undef])
notice(Variant[Integer, Undef] == Optional[Variant[Integer]])
notice(Optional[Variant[Integer]] == Optional[Integer])
