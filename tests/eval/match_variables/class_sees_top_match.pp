$m = 'out' =~ /(out)/
class c { notice("[${1}]") }
include c
