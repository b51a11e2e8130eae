Notify { message => 'dflt' }
notify { 'a': }
notify { 'b': message => 'own' }
