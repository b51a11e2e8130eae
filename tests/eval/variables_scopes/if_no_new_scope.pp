if true {
  $v = inside
}
notice($v)
