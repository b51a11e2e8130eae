class c { notify { 'once': } }
include c
include c
contain c
