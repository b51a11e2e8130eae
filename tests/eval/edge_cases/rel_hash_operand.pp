notify { 'a': }
Notify['a'] -> { a => 1 }
