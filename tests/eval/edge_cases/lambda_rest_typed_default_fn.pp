function f(String *$x = 'hi') { $x }
notice(f())
notice(f('a'))
notice(f('a','b'))
