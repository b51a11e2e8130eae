notify { 'a': }
notice(Notify['a']['nope'])
