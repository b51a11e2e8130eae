notify { 'a': message => 1, message => fail('second value') }
