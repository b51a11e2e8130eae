class bridgetest::params {
  $port = 8080
}
