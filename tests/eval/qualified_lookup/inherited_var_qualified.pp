class base { $v = 1 }
class child inherits base { }
include child
notice($child::v)
