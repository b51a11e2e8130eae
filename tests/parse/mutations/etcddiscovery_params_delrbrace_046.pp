# mutant: etcddiscovery/manifests/params.pp lines 5-13, deleted '}' at 9:3
class etcddiscovery::params {
  if $::osfamily == 'Debian' {
    $package_name          = 'etcd-discovery'
    $etcddiscovery_service = 'etcd-discovery'
  } elsif($::osfamily == 'RedHat') {
    $package_name          = undef
    $etcddiscovery_service = undef
  
}
