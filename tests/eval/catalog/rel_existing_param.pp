notify { 'a': before => Notify['c'] }
notify { ['b', 'c']: }
Notify['a'] -> Notify['b']
