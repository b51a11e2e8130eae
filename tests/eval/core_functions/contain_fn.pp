class x { notice(x) }
class y { contain(x) }
include y
