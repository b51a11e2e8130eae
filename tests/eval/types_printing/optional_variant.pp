notice(Optional[String])
notice(Variant[Integer, String])
notice(Variant[String, Integer, Undef])
notice(Optional[Variant[Integer, String]])
