$u = undef
notice($u[0])
