[1].each |String $s| { }
