notice([1,2,3].reduce |*$r| { $r })
