notify { ['a', 'b']: }
