$x = if false { 1 }
notice($x =~ Undef)
