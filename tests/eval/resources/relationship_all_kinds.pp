notify { ['a', 'b', 'c', 'd']: }
Notify['a'] ~> Notify['b']
Notify['d'] <- Notify['c']
Notify['d'] <~ Notify['a']
