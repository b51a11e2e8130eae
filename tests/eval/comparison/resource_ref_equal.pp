notice(Notify['a'] == Notify['a'])
notice(Notify['a'] == Notify['b'])
notice(Resource['notify', 'a'] == Notify['a'])
