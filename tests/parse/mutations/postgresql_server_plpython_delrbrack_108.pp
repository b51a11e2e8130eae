# mutant: postgresql/manifests/server/plpython.pp lines 7-23, deleted ']' at 13:41
class postgresql::server::plpython(
  $package_ensure = 'present',
  $package_name   = $postgresql::server::plpython_package_name,
) {
  package { 'postgresql-plpython':
    ensure => $package_ensure,
    name   => $package_name,
    tag    => 'puppetlabs-postgresql',
  }

  anchor { 'postgresql::server::plpython::start': }
  -> Class['postgresql::server::install'
  -> Package['postgresql-plpython']
  -> Class['postgresql::server::service']
  -> anchor { 'postgresql::server::plpython::end': }

}
