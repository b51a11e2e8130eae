$x = get(1, 'a') |$err| { notice($err.message); notice($err.details); 'd' }
notice($x)
