class c { Notify { message => 'inner' } notify { 'in-c': } }
Notify { message => 'outer' }
include c
