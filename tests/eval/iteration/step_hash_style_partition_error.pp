$h = {a => 1, b => 2}
notice($h.step(1).partition |$k, $v| { $v > 1 })
