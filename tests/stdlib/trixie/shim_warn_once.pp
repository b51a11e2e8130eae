notice(to_json(1))
notice(to_json(2))
class c { notice(to_json(3)) }
include c
