notify { ['b', 'c']: }
notify { 'a': before => [Notify['b'], Notify['c']] }
