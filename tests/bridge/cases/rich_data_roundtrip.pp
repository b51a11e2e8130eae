# Values go to Ruby and come back unchanged.
$values = [
  undef, '', default, true, 1, 2.5, 'text', [1, [2]], { 'a' => 1, 2 => 'b' },
  Timestamp('2020-01-02T03:04:05.123Z'), Timespan(3600),
  Binary('aGVsbG8='), SemVer('1.2.3'), SemVerRange('>=1.0.0 <2.0.0'), /a.c/,
  Integer[1, 5], Optional[String], Deferred('join', [['a', 'b'], '-']),
]
$values.each |$v| {
  $back = bridgetest::echo($v)
  $same = $back == $v
  $t = type($back, generalized)
  notice("${t} ${same}")
}
$s = bridgetest::echo(Sensitive('secret'))
notice($s =~ Sensitive[String])
notice($s.unwrap)
