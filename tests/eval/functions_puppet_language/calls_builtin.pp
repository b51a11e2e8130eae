function shout($s) { upcase($s) }
notice(shout('hi'))
