function f() { $local = 1
 $local }
notice(f())
notice("[${local}]")
