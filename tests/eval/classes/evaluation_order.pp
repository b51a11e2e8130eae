class a { notice(a) }
class b { notice(b) }
notice(start)
include b
include a
notice(end)
