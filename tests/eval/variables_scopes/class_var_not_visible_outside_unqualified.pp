class c { $inner = 1 }
include c
notice("[${inner}]")
