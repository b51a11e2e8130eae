notify { 'a': }
notice(Notify['a'][bogus])
