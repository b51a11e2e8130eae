notify { 'a': }
notify { 'b': require => [undef] }
notify { 'c': require => [undef, Notify['a']] }
