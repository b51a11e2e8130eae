[1].each |$x| { $inner = $x }
notice("[${inner}]")
