notify { 'a': }
notice(Notify['a'][message] == undef)
