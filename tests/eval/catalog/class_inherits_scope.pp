class base { $v = 'base-v' notify { 'b': } }
class child inherits base { notify { "child sees ${v}": } }
include child
