function f(Integer $x) { $x }
f('nope')
