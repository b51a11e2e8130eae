notice(call('join', ['a', 'b'], '+'))
