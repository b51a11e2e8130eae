class p($x = 'px') { notice("p ${x}") }
class c inherits p { notice("c ${x}") }
include c
