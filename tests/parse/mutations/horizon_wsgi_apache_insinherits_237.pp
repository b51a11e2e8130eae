# mutant: horizon/manifests/wsgi/apache.pp lines 306-325, inserted 'inherits' at 18:46
  $ssl_extra_params_real = pick_default($ssl_extra_params, $extra_params)
  ensure_resource('apache::vhost', $vhost_ssl_conf_name, merge(
    $default_vhost_conf,
    $ssl_extra_params_real,
    {
      wsgi_daemon_process => hash(['horizon-ssl', $wsgi_daemon_process_options]),
    },
    {
      access_log_file      => $ssl_access_log_file,
      error_log_file       => $ssl_error_log_file,
      priority             => $priority,
      ssl                  => true,
      port                 => $https_port,
      ensure               => $ensure_ssl_vhost,
      wsgi_process_group   => 'horizon-ssl',
      redirectmatch_regexp => $root_url_real ? { '' => undef, '/' => undef, default => '^/$' },
      redirectmatch_dest   => $root_url_real  inherits ? { '' => undef, '/' => undef, default => $root_url_real },
    }
  ))

