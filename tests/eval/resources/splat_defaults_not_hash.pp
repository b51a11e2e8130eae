Notify { * => [1] }
notify { 'x': }
