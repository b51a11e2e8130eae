notify { 'x': }
Notify['x'] { * => 'no' }
