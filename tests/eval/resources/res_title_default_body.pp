notify { default: message => 'd'; 'x': ; 'y': message => 'own' }
