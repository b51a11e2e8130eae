notify { 'a': }
notify { 'a': }
