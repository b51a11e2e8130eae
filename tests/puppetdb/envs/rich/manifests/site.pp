# Rich values (Puppet 7's rich data) in stored catalogs: the agent's
# catalog carries them as rich data (`__ptype`), while Puppet's PuppetDB
# terminus stores every parameter as its string form (Puppet's
# ToStringifiedConverter: Timestamp, Binary, Deferred, Regexp, types,
# default, non-string hash keys; a nested Sensitive is Ruby's
# `#<Sensitive [value redacted]:OBJECT_ID>`, a key `__ptype` or `__pvalue`
# is renamed `reserved key: ...`), leaves top-level Sensitive parameters
# out, and collectors get those strings back from PuppetDB.
class rich {
  $host = $facts['networking']['hostname']
  $ts = Timestamp('2021-03-04T05:06:07.123456789 UTC')
  $bin = Binary('aGVsbG8gd29ybGQ=')
  notify { 'timestamp': message => $ts }
  notify { 'binary': message => $bin }
  notify { 'deferred': message => Deferred('join', [['a', 'b'], '-']) }
  notify { 'nested':
    message => {
      'when'  => $ts,
      'data'  => [$bin, /re+gexp/, Integer[1, 5], default, 1.5, undef, true],
      'later' => Deferred('sprintf', ['%s-%s', $host, 1]),
    },
  }
  notify { 'keys': message => { 1 => 'one', [1, 2] => 'list', 'two' => 2 } }
  notify { 'reserved-keys':
    message => { '__ptype' => 'x', 'a' => 1, '__pvalue' => [2], 'n' => { '__ptype' => 'y', 3 => 4 } },
  }
  notify { 'other': message => [SemVer('1.2.3'), SemVerRange('>=1.0.0 <2.0.0'), Timespan(3600), Sensitive('x') =~ Sensitive] }
  file { "/etc/rich/${host}.key":
    ensure  => file,
    content => Sensitive("secret-${host}"),
    mode    => '0600',
  }
  file { "/etc/rich/${host}.bin": ensure => file, content => $bin }
  @@notify { "rich-${host}":
    message => {
      'at'     => $ts,
      'bin'    => $bin,
      'later'  => Deferred('join', [[$host, 'x'], '.']),
      # Exported only: in an agent's catalog Puppet writes a nested
      # Sensitive as rich data and pjit redacts it (see
      # docs/puppet-differences.md).
      'secret' => [Sensitive("s-${host}")],
    },
    tag     => ['rich'],
  }
  @@file { "/srv/rich/${host}":
    ensure  => file,
    content => $bin,
    tag     => ['rich'],
  }
  @@file { "/srv/rich/${host}.secret":
    ensure  => file,
    content => Sensitive("exported-${host}"),
    tag     => ['rich'],
  }
}
node 'web1.test', 'web2.test' {
  include rich
}
node 'backup.test' {
  # One row per query: PuppetDB returns rows in no defined order, and
  # rows sharing a parameter set came back in either order between runs.
  Notify <<| tag == 'rich' and title == 'rich-web1' |>>
  Notify <<| tag == 'rich' and title == 'rich-web2' |>>
  File <<| tag == 'rich' and title == '/srv/rich/web1.secret' |>>
  File <<| title == '/srv/rich/web2' |>>
}
