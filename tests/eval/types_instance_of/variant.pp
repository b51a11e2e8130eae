notice(1 =~ Variant[Integer, String])
notice('a' =~ Variant[Integer, String])
notice(1.5 =~ Variant[Integer, String])
