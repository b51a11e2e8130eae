# mutant: logrotate/manifests/base.pp lines 17-42, truncated at 6:67
  file {
    '/etc/logrotate.conf':
      ensure  => file,
      mode    => '0444',
      source  => 'puppet:///modules/logrotate/etc/logrotate.conf';