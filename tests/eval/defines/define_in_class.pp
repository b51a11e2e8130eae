define d() { notice("d ${title}") }
class c { d { 'from class': } }
include c
