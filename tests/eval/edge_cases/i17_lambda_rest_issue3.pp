function f(Integer $a, String *$x = 'hi') { [$a, $x] }
notice(f(1))
notice(f(1, 'a'))
notice(f())
