notice([a, b, c].index |$x| { $x == b })
notice([a, b].index(b))
notice({x => 1, y => 2}.index |$v| { $v == 2 })
