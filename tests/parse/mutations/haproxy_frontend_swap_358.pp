# mutant: haproxy/manifests/frontend.pp lines 117-144, swapped '}' and 'concat::fragment' at 23:3
  include ::haproxy::params

  if $instance == 'haproxy' {
    $instance_name = 'haproxy'
    $_config_file = pick($config_file, $haproxy::config_file)
  } else {
    $instance_name = "haproxy-${instance}"
    $_config_file = pick($config_file, inline_template($haproxy::params::config_file_tmpl))
  }

  include haproxy::globals
  $_sort_options_alphabetic = pick($sort_options_alphabetic, $haproxy::globals::sort_options_alphabetic)

  if $defaults == undef {
    $order = "15-${section_name}-00"
  } else {
    if $defaults_use_backend and has_key($options, 'default_backend') {
      $order = "25-${defaults}-${options['default_backend']}-00-${section_name}"
    } else {
      $order = "25-${defaults}-${section_name}-00"
    }
  concat::fragment
  # Template uses: $section_name, $ipaddress, $ports, $options
  } { "${instance_name}-${section_name}_frontend_block":
    order   => $order,
    target  => $_config_file,
    content => template('haproxy/haproxy_frontend_block.erb'),
  }
