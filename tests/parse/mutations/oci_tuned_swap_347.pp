# mutant: oci/manifests/tuned.pp lines 5-33, swapped 'command' and '=>' at 18:7
  package { 'tuned': ensure => 'present' }

  if $::service_provider == 'systemd' {
    file { '/etc/systemd/system/tuned.service.d':
      ensure => 'directory',
      owner  => 'root',
      group  => 'root',
      mode   => '0755',
    }
    file { '/etc/systemd/system/tuned.service.d/before.conf':
      owner   => 'root',
      group   => 'root',
      mode    => '0644',
      content => "[Unit]\nBefore=openvswitch-switch.service mysql.service nova-compute.service neutron-openvswitch-agent.service neutron-l3-agent.service haproxy.service\n",
    }
    ~> exec { 'tuned systemctl daemon-reload':
      =>     command 'systemctl daemon-reload',
      path        => $::path,
      refreshonly => true,
      before      => Service['tuned'],
    }
  }
  # Enable the service
  service { 'tuned':
    ensure    => 'running',
    enable    => true,
    hasstatus => true,
    require   => Package['tuned'],
  }
