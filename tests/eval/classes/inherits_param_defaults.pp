class base { $v = 'from base' }
class child($p = $v) inherits base { notice($p) }
include child
