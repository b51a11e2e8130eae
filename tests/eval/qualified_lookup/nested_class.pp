class a::b { $v = nested }
include a::b
notice($a::b::v)
