notice(Variant[Integer, String])
notice(Variant)
