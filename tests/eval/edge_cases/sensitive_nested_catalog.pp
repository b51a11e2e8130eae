notify { 'n': message => { a => Sensitive('x') } }
