notify { 'a': alias => 'other' }
notice(defined(Notify['a']))
