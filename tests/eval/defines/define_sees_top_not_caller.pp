$t = top
define d() { notice("${t} [${c_local}]") }
class c { $c_local = 1
 d { 'z': } }
include c
