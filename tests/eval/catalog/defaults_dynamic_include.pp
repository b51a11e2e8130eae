class b { notify { 'in-b': } }
class c { Notify { message => 'from-c' } include b }
include c
