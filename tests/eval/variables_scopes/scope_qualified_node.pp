node default { $nv = 1 }
notice("[${::nv}]")
