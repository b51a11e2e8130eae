notify { 'a': }
notify { 'x': }
notify { 'b': require => [[Notify['a']], [[Notify['x']]]] }
