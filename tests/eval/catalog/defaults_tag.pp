Notify { tag => 'dtag' }
notify { 'a': }
