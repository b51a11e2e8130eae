notice(call('nosuch'))
