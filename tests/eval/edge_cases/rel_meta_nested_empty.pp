notify { 'a': }
notify { 'b': require => [[], [[]], Notify['a']] }
notify { 'c': before => [[[]]] }
