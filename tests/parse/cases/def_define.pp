define mytype($a, $b = 2) {
  notice($title)
}
define other {
  file { $title: }
}
