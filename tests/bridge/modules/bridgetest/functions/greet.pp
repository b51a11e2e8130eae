function bridgetest::greet(String $who) >> String {
  "hello ${who}"
}
