notify { 'x': message => URI('http://a.com/x') }
