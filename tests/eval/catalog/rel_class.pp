class c { }
include c
notify { 'a': }
Class['c'] -> Notify['a']
