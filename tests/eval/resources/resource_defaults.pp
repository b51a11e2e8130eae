Notify { message => 'default msg' }
notify { 'a': }
notify { 'b': message => 'explicit' }
