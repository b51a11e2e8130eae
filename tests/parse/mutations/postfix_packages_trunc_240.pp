# mutant: postfix/manifests/packages.pp lines 1-14, truncated at 9:5
class postfix::packages {
  include ::postfix::params

  package { 'postfix':
    ensure => $postfix::postfix_ensure,
  }

  if