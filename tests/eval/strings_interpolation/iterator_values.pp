$h = {a => 1, b => 2, c => 3}
notice($h.step(2))
notice("${[1,2,3].step(2)}")
notice("${[1,2,3].reverse_each}")
notice("${{a=>1}.reverse_each}")
notice("${[[1,2].reverse_each]}")
