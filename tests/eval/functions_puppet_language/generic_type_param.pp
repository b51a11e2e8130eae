function f(Array[Integer, 1] $a) { $a.length }
notice(f([1, 2]))
notice(f([]))
