# mutant: posix_acl/manifests/requirements.pp lines 1-5, deleted '{' at 3:11
class posix_acl::requirements {
  package  'acl':
    ensure => 'present',
  }
}
