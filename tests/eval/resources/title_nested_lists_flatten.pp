notify { [['a', 'b'], 'c']: }
notice(Notify[b])
