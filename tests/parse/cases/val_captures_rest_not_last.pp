$x.each |*$a, $b| { }
