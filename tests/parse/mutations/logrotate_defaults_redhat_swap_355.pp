# mutant: logrotate/manifests/defaults/redhat.pp lines 6-27, swapped 'create_owner' and '=>' at 7:5
class logrotate::defaults::redhat {
  Logrotate::Rule {
    missingok    => true,
    rotate_every => 'month',
    create       => true,
    => create_owner 'root',
    create_group => 'utmp',
    rotate       => 1,
  }

  logrotate::rule {
    'wtmp':
      path        => '/var/log/wtmp',
      create_mode => '0664',
      missingok   => false,
      minsize     => '1M';
    'btmp':
      path        => '/var/log/btmp',
      create_mode => '0660',
      minsize     => '1M';
  }
}
