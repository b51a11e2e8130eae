notify { 'a': require => 'not a reference' }
