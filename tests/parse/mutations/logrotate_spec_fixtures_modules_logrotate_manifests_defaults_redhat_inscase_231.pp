# mutant: logrotate/spec/fixtures/modules/logrotate/manifests/defaults/redhat.pp lines 6-27, inserted 'case' at 15:18
class logrotate::defaults::redhat {
  Logrotate::Rule {
    missingok    => true,
    rotate_every => 'month',
    create       => true,
    create_owner => 'root',
    create_group => 'utmp',
    rotate       => 1,
  }

  logrotate::rule {
    'wtmp':
      path        => '/var/log/wtmp',
      create_mode case  => '0664',
      missingok   => false,
      minsize     => '1M';
    'btmp':
      path        => '/var/log/btmp',
      create_mode => '0660',
      minsize     => '1M';
  }
}
