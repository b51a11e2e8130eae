class d::params {
  $x = "params-${facts['hidden']}"
  $fixed = 'same everywhere'
}
