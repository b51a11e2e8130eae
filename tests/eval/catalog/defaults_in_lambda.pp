[1].each |$x| { Notify { message => 'lam' } }
notify { 'a': }
