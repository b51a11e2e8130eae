function f(Init[Integer] $x) { notice(Integer($x)) }
f('42')
f(43)
f(true)
