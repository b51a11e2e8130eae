notice([1,2].map |$x, *$r = ['d']| { [$x, $r] })
notice([1,2].map |*$r = ['d']| { $r })
