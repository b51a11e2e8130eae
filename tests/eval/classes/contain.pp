class inner { notice(inner) }
class outer { contain inner }
include outer
