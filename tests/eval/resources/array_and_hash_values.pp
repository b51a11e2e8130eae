notify { 'a': message => [1, 'two', {k => v}] }
