class c { d { 'x': } }
define d() { notify { "in-${title}": } }
include c
