class c { tag 'extra' notify { 'in-c': } }
include c
