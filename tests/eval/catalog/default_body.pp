notify { default: message => 'dflt'; 'a': ; 'b': message => 'own' }
