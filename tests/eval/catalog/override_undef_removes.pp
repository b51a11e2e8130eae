class base { notify { 'a': message => 'x' } }
class child inherits base { Notify['a'] { message => undef } }
include child
