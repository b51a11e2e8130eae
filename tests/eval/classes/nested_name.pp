class a::b::c { notice('deep') }
include a::b::c
