notice([1].map |String $x = 'a'| { $x })
