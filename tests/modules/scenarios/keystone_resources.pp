# keystone users, projects and roles: types whose composite namevars come
# from title patterns a Ruby helper builds (PuppetX::Keystone), and a
# service identity (endpoints, services, users and role assignments).
class { 'keystone': }
keystone_user { 'svc::Default': ensure => present, email => 'svc@example.com' }
keystone_user { 'plain': ensure => present }
keystone_tenant { 'services::Default': description => 'Service tenant' }
keystone_user_role { 'svc::Default@services::Default': roles => ['admin'] }
keystone::resource::service_identity { 'glance':
  password     => 'secret',
  service_type => 'image',
  public_url   => 'http://127.0.0.1:9292',
  internal_url => 'http://127.0.0.1:9292',
  admin_url    => 'http://127.0.0.1:9292',
}
