'abc'.each |$ch| { notice($ch) }
