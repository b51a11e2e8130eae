class p { notify { 'n': message => 'p' } }
class c inherits p { Notify['n'] { message => 'c' } }
include c
