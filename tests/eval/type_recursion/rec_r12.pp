type A = Variant[Integer, Hash[String, A]]
notice(type({a => {b => 1}}) < A)
notice(A.new(3))
