notify { 'a': }
notify { 'x': message => [[Notify['a']], ['b', [undef]]] }
notify { 'y': message => [['b', [undef]]] }
notify { 'z': require => Notify['a'], before => undef, notify => [[]], tag => [[['q']]] }
