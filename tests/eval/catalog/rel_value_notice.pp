notify { 'a': }
notify { 'b': }
notice Notify['a'] -> Notify['b']
