Notify { message => 'default' }
class c { notify { 'in c': } }
include c
