notify { 'a': noop => true }
