$x = 1
class c { $x = 2 
 notice($x) }
include c
notice($x)
