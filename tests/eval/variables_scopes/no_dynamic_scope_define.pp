define d() { notice("[${v}]") }
class a {
  $v = from_a
  d { 'x': }
}
include a
