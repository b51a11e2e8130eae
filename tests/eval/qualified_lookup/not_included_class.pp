class c { $x = 1 }
notice("[${c::x}]")
