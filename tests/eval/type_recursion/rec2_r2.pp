type Json = Variant[String, Numeric, Boolean, Undef, Array[Json], Hash[String, Json]]
notice(assert_type(Json, {a => [1, /x/]}))
