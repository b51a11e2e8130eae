notify { [default, 'a']: message => 'd'; 'b': }
notice(Notify[a][message])
notice(Notify[b][message])
