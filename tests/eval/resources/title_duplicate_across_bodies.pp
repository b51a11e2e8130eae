notify { 'a': ; 'b': ; 'a': }
