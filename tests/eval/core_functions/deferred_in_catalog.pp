$d = Deferred('join', [[1,2], '-'])
notify { 'x': message => $d }
notify { 'y': message => [Deferred('upcase', ['a'])] }
