function f() { [1,2,3].each |$x| { if $x == 2 { return($x * 10) } } 0 }
notice(f())
