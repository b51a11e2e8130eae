Notify { tag +> 'x' }
notify { 'a': }
