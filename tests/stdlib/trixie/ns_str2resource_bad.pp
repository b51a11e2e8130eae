notice(stdlib::str2resource('nope'))
