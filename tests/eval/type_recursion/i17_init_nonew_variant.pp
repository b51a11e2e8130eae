notice(1 =~ Variant[Integer, Init[Iterable]])
notice('x' =~ Variant[Integer, Init[Iterable]])
