notice([].reduce |$m, $x| { $m + $x } == undef)
