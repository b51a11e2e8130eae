$x = top
class c { notice("${::x} $::x") }
include c
