class foo {
  $a = 1
  1
}
