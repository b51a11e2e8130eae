class k { notice(k) }
include(k)
