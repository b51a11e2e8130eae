function f() { 1 }
notice(f() |$x| { $x })
