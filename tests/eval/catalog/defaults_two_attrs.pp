Notify { message => 1 }
Notify { loglevel => 'err' }
notify { 'a': }
