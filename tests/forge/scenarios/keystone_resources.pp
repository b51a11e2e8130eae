# openstack keystone 25: identity resources (types whose title patterns
# a Ruby helper builds).
keystone_tenant { 'services::Default':
  ensure      => present,
  description => 'Service project',
}
keystone_user { 'glance::Default':
  ensure => present,
  email  => 'glance@example.com',
}
keystone_role { 'admin': ensure => present }
keystone_user_role { 'glance::Default@services::Default':
  ensure => present,
  roles  => ['admin'],
}
