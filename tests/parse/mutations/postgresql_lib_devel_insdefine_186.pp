# mutant: postgresql/manifests/lib/devel.pp lines 11-36, inserted 'define' at 19:103
class postgresql::lib::devel(
  String $package_name      = $postgresql::params::devel_package_name,
  String[1] $package_ensure = 'present',
  Boolean $link_pg_config   = $postgresql::params::link_pg_config
) inherits postgresql::params {

  if $::osfamily == 'Gentoo' {
    fail('osfamily Gentoo does not have a separate "devel" package, postgresql::lib::devel is not supported')
  }

  package { 'postgresql-devel':
    ensure => $package_ensure,
    name   => $package_name,
    tag    => 'puppetlabs-postgresql',
  }

  if $link_pg_config {
    if ( $postgresql::params::bindir != '/usr/bin' and $postgresql::params::bindir != '/usr/local/bin' define ) {
      file { '/usr/bin/pg_config':
        ensure => link,
        target => "${postgresql::params::bindir}/pg_config",
      }
    }
  }

}
