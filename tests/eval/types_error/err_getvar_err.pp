$x = getvar('a::b::c') |$err| { notice($err); notice(type($err)); 'dflt' }
notice($x)
