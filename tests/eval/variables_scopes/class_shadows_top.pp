$x = top
class c {
  $x = local
  notice($x)
  notice($::x)
}
include c
notice($x)
