notice(stdlib::str2resource('File[/nope]'))
