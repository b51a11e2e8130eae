function greet($who = 'world') { "hello ${who}" }
notice(greet())
notice(greet('you'))
