# What a Ruby function receives for each kind of value.
$values = [
  undef, '', default, true, 1, 2.5, 'text', [1, [2]], { 'a' => 1, 2 => 'b' },
  Sensitive('secret'), Timestamp('2020-01-02T03:04:05.123Z'), Timespan(3600),
  Binary('aGVsbG8='), SemVer('1.2.3'), SemVerRange('>=1.0.0 <2.0.0'), /a.c/,
  Integer[1, 5], Optional[String], Deferred('join', [['a', 'b'], '-']), Undef,
]
$values.each |$v| { notice(bridgetest::describe($v)) }
