$u = undef
notice("[${u}]")
