define d() { deprecation("d${title}", "in d") }
class c1 { deprecation('c1', 'in c1') }
class c2 {
  deprecation('c2', 'in c2')
  include c3
}
class c3 { deprecation('c3', 'in c3') }
d { 'a': }
class { 'c1': }
include c2
[1].each |$x| { deprecation('each', 'in each') }
$v = inline_template('<% scope.call_function("deprecation", ["erb", "in erb"]) %>')
$w = [1].map |$x| { deprecation('map', 'in map') }
$x1 = with(1) |$x| { [2].each |$y| { deprecation('nest', 'in nest') } }
node default { deprecation('node', 'in node') }
