notice($c::1)
