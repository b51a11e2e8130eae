function plain_double(Integer $x) >> Integer {
  $x * 2
}
