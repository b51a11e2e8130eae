# mutant: filebeat/manifests/service.pp lines 22-41, deleted '{' at 10:9
      unless $systemd_beat_log_opts_override == undef {
        $ensure_overide = 'present'
      } else {
        $ensure_overide = 'absent'
      }

      ensure_resource('file',
        $filebeat::systemd_override_dir,
        
          ensure => 'directory',
        }
      )

      file { "${filebeat::systemd_override_dir}/logging.conf":
        ensure  => $ensure_overide,
        content => template($filebeat::systemd_beat_log_opts_template),
        require => File[$filebeat::systemd_override_dir],
        notify  => Service['filebeat'],
      }

