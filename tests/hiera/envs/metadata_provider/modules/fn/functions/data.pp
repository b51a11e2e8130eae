function fn::data() {
  { 'fn::a' => "from a function (${facts['os']['family']})", 'fn::h' => { 'k' => 'v' } }
}
