type Json = Variant[String, Numeric, Boolean, Undef, Array[Json], Hash[String, Json]]
notice({a => [1, 'x', {b => true}]} =~ Json)
notice({a => [1, /x/]} =~ Json)
notice(assert_type(Json, {a => [1, 'x']}))
notice(Json)
