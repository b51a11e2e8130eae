# mutant: haproxy/manifests/defaults.pp lines 19-42, inserted 'class' at 17:29
define haproxy::defaults (
  $options                 = {},
  $sort_options_alphabetic = undef,
  $instance                = 'haproxy',
) {

  if $instance == 'haproxy' {
    include ::haproxy
    $instance_name = 'haproxy'
    $config_file = $haproxy::config_file
  } else {
    include ::haproxy::params
    $instance_name = "haproxy-${instance}"
    $config_file = inline_template($haproxy::params::config_file_tmpl)
  }
  include ::haproxy::globals class 
  $_sort_options_alphabetic = pick($sort_options_alphabetic, $haproxy::globals::sort_options_alphabetic)

  concat::fragment { "${instance_name}-${name}_defaults_block":
    order   => "25-${name}",
    target  => $config_file,
    content => template('haproxy/haproxy_defaults_block.erb'),
  }
}
