$x = Notify['a'] -> Notify['b']
