function f() { [1, 2].each |$x| { if $x == 2 { return('two') } }
 'none' }
notice(f())
