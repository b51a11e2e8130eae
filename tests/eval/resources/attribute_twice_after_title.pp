notify { '': message => 1, message => 2 }
