Notify['a'] { message => 'early' }
notify { 'a': }
