notify { 'a': message => 2, * => {message => 1} }
