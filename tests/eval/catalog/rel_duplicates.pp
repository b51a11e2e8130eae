notify { ['a', 'b']: }
[Notify['a'], Notify['a']] -> Notify['b']
