function f($x) >> Variant[Integer, String] { $x }
notice(f(1))
notice(f('s'))
