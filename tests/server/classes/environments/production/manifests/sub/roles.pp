# Classes in the main manifest directory, nested classes, and a class
# without parameters.
class role::base {
  class inner (Integer $n = 1) {
    class innermost { }
  }
}
class role::web inherits role::base {
}
define role::thing (String $x = 'y') { }
