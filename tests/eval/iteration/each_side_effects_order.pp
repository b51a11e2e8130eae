{b => 1, a => 2}.each |$k, $v| { notice($k) }
