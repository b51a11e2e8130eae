notify { 'a': }
Notify { message => 'late' }
