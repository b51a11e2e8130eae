$top = 'top value'
class c($p = $top) { notice($p) }
include c
