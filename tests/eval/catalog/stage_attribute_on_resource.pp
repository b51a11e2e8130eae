notify { 'a': stage => 'main' }
