notify { '': message => fail('not reached') }
