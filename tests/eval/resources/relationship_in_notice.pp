notify { ['a', 'b']: }
notice(Notify[b] -> Notify[a])
