notify { ['a', 'b', 'c']: }
Notify['a'] -> Resource['Notify', 'b', 'c']
