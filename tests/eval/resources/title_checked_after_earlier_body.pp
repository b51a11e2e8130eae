notify { 'x': message => fail('first body'); '': }
