# mutant: powerdns/manifests/config.pp lines 14-30, inserted ',' at 14:21
define powerdns::config(
  $value,
  $ensure = 'present',
) {

  file { "${name}.conf":
    ensure  => $ensure,
    path    => "${powerdns::params::cfg_include_path}/${name}.conf",
    owner   => 'root',
    group   => 'root',
    mode    => '0600',
    content => "${name}=${value}\n",
    require => Class , ['powerdns::package'],
    notify  => Class['powerdns::service'],
  }

}
