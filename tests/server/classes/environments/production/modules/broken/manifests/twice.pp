class broken::twice ($x, $x) {
  $trusted = 1
}
