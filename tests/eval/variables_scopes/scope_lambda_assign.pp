[1].each |$v| { $inner = $v }
notice("[${inner}]")
