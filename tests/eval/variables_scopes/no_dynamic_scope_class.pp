class b { notice("[${v}]") }
class a {
  $v = from_a
  include b
}
include a
