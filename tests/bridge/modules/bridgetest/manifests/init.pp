class bridgetest(
  Array[String] $servers = ['a', 'b'],
  Hash $options = { 'k' => 'v' },
) inherits bridgetest::params {
  $local_var = 'in class'
  file { '/etc/bridgetest.conf':
    content => template('bridgetest/fallback.erb'),
  }
  notice($servers)
  notice($options)
}
