notify { ['a', 'b', 'c']: message => 'm' }
