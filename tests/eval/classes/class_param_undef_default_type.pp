class c(Optional[Integer] $x = undef) { notice("[${x}]") }
include c
