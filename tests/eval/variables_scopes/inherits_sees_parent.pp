class base { $v = from_base }
class child inherits base {
  notice($v)
}
include child
