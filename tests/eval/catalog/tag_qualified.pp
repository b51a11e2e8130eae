notify { 'a': tag => 'foo::bar' }
