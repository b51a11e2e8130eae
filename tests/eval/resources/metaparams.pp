notify { 'a': }
notify { 'b': require => Notify['a'], before => Notify['c'], tag => ['t1', 't2'] }
notify { 'c': }
