$m = 'top' =~ /(top)/
class c { [1].each |$x| { notice("[${1}]") } }
include c
