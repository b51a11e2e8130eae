# mutant: openssl/manifests/init.pp lines 16-22, duplicated line 3
class openssl (
  $package_ensure         = present,
  $package_ensure         = present,
  $ca_certificates_ensure = present,
){
  class { '::openssl::packages': } ->
  Class['openssl']
}
