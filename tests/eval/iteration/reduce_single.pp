notice([5].reduce |$m, $x| { $m + $x })
