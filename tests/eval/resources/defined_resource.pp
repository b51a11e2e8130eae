notify { 'a': }
notice(defined(Notify['a']))
notice(defined(Notify['b']))
notice(defined(Notify))
