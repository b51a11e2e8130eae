notify { 'a': message => 42 }
