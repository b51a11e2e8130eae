class base { $v = 5 }
class child($p = $v) inherits base { notify { "p=${p}": } }
include child
