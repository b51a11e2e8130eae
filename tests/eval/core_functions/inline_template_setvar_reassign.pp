$taken = 1
class c {
  $local = 2
  $r = inline_template("<% scope.setvar('local', 3) %>")
}
include c
