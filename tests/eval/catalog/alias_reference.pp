notify { 'a': alias => 'b' }
notify { 'c': require => Notify['b'] }
notice(defined(Notify['b']))
