class foo {
  notice(1)
}
class bar($a, Integer $b = 1, String[1] $c = 'x') inherits foo {
  notice($a)
}
class baz::qux inherits default { }
class nested {
  class inner { }
  define d() { }
}
class empty() {}
