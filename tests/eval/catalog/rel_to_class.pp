class c { }
include c
notify { 'a': }
Notify['a'] -> Class['c']
