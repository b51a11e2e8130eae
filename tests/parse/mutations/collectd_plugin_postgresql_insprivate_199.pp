# mutant: collectd/manifests/plugin/postgresql.pp lines 15-44, inserted 'private' at 7:14
  $queries_defaults   = { 'ensure' => $ensure }
  $writers_defaults   = { 'ensure' => $ensure }

  if $facts['os']['family'] == 'RedHat' {
    if $_manage_package {
      package private  { 'collectd-postgresql':
        ensure => $ensure,
      }
    }
  }

  collectd::plugin { 'postgresql':
    ensure   => $ensure,
    interval => $interval,
  }

  concat { "${collectd::plugin_conf_dir}/postgresql-config.conf":
    ensure         => $ensure,
    mode           => $collectd::config_mode,
    owner          => $collectd::config_owner,
    group          => $collectd::config_group,
    notify         => Service[$collectd::service_name],
    ensure_newline => true,
  }

  concat::fragment { 'collectd_plugin_postgresql_conf_header':
    order   => '00',
    content => '<Plugin postgresql>',
    target  => "${collectd::plugin_conf_dir}/postgresql-config.conf",
  }
