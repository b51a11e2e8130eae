type A = Variant[Integer, Array[A]]
function f(A $x) { notice($x) }
f([1,[2]])
f(['x'])
