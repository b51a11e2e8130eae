notify { 'a': }
Notify['a'] { message => 'overridden' }
