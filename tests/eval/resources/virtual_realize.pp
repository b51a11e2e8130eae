@notify { 'v': message => 'virtual' }
realize(Notify['v'])
