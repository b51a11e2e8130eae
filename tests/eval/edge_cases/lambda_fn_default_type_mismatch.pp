function f(Integer $x = 'hi') { $x }
notice(f())
