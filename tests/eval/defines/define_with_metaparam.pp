define d() { }
d { 'a': tag => 'extra' }
notify { 'n': require => D['a'] }
