$m = 'top' =~ /(top)/
class c { if 'own' =~ /(own)/ { notice($1) }
  notice("[${1}]") }
include c
