notify { 'a': } -> 'b'
