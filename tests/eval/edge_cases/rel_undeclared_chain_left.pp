notify { 'a': }
File['/nope'] -> Notify['a']
