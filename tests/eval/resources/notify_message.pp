notify { 'greeting': message => 'hi there' }
