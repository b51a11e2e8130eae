notify { 'x': }
notify { 'x': }
