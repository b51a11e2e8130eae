notify { 'a': * => 1 }
