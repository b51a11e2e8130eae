{a => 1}.each |$pair| { notice($pair) }
