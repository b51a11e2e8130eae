# A module type whose attributes and title patterns Ruby code builds.
bridgetest_thing { 'alpha::north':
  ensure => present,
  color  => 'red',
  size   => 'L',
}
bridgetest_thing { 'beta': realm => 'south' }
