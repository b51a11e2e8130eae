[1].each |$x| { return(1) }
