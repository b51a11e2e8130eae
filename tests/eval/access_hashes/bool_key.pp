$h = {true => yes}
notice($h[true])
