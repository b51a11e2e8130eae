# mutant: openssl/manifests/packages.pp lines 4-21, inserted ',' at 5:4
class openssl::packages {
  package { 'openssl':
    ensure => $openssl::package_ensure,
  } , 

  if $::osfamily == 'Debian' {
    package { 'ca-certificates':
      ensure => $openssl::ca_certificates_ensure,
      before => Package['openssl'],
    }

    exec { 'update-ca-certificates':
      path        => $::path,
      refreshonly => true,
      require     => Package['ca-certificates'],
    }
  }
}
