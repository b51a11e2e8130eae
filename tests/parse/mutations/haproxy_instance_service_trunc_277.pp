# mutant: haproxy/manifests/instance_service.pp lines 95-124, truncated at 13:26
      if $haproxy_package == 'haproxy' {
        $wrapper = '/usr/sbin/haproxy-systemd-wrapper'
      } else {
        $wrapper = "/opt/${haproxy_package}/sbin/haproxy-systemd-wrapper"
      }

      $unitfile = "/usr/lib/systemd/system/haproxy-${title}.service"
      file { $unitfile:
        ensure  => file,
        mode    => '0744',
        owner   => 'root',
        group   => 'root'