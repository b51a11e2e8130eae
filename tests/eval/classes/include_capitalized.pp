class c { notice(c) }
include C
