file { '/tmp/real': alias => 'short' }
notify { 'n': }
File['short'] -> Notify['n']
