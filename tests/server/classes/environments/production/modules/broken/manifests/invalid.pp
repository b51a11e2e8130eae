class broken::invalid {
  $a::b = 1
}
