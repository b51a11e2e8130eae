notify { 'a': message => 'm' }
notice(Notify['a']['message'])
