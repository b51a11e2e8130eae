notice(generate('/bin/echo', 'hi'))
