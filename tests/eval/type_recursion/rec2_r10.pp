type T = Hash[String, Variant[Integer, T]]
notice(T.new({a => {b => 1}}))
notice(type({a => {b => 1}}) < T)
notice(Hash[String, Hash[String, Integer]] < T)
notice(T < Hash)
notice(T < Hash[String, Integer])
