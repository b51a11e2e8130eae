class a { $v = from_a }
class b { notice($a::v) }
include a
include b
