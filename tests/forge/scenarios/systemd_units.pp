# camptocamp-systemd: unit files, drop-ins and tmpfiles.
class { 'systemd': }
systemd::unit_file { 'app.service':
  content => "[Unit]\nDescription=App\n\n[Service]\nExecStart=/usr/bin/app\n\n[Install]\nWantedBy=multi-user.target\n",
  enable  => true,
  active  => true,
}
systemd::dropin_file { 'limits.conf':
  unit    => 'app.service',
  content => "[Service]\nLimitNOFILE=65536\n",
}
systemd::tmpfile { 'app.conf':
  content => "d /run/app 0755 app app -\n",
}
