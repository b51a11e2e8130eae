function mymod::f(Integer $a, String $b = 'x', *$rest) >> Integer {
  $a + 1
}
function g() { }
function h >> Array[Integer] { [] }
