notify { 'b': }
Notify['nope'] -> Notify['b']
