class p { $m = 'parent' =~ /(parent)/ }
class c inherits p { notice("[${1}]") }
include c
