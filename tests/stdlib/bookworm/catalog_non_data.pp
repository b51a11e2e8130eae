# Values a non-rich-data catalog cannot hold: Puppet stringifies them and warns
notify { 'deferred':
  message => Deferred('join', [['a', 'b'], '-']),
}
notify { 'nested':
  message => { 'list' => [1, default, /^re$/], 2 => 'int key', 'when' => Timestamp('2024-01-02T03:04:05.000000000 UTC') },
}
file { '/tmp/x':
  content => Deferred('sprintf', ['%s', 'x']),
  mode    => default,
}
notify { 'types':
  message => [Integer[1, 2], Timespan(60), SemVer('1.2.3'), Binary('aGk=')],
}
