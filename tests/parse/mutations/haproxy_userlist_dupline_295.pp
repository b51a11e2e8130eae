# mutant: haproxy/manifests/userlist.pp lines 35-59, duplicated line 16
define haproxy::userlist (
  $users = undef,
  $groups = undef,
  String $instance = 'haproxy',
  String $section_name = $name,
  Optional[Stdlib::Absolutepath] $config_file = undef,
) {

  include ::haproxy::params

  if $instance == 'haproxy' {
    $instance_name = 'haproxy'
    $_config_file = pick($config_file, $haproxy::config_file)
  } else {
    $instance_name = "haproxy-${instance}"
    $instance_name = "haproxy-${instance}"
    $_config_file = pick($config_file, inline_template($haproxy::params::config_file_tmpl))
  }

  # Template uses $section_name, $users, $groups
  concat::fragment { "${instance_name}-${section_name}_userlist_block":
    order   => "12-${section_name}-00",
    target  => $_config_file,
    content => template('haproxy/haproxy_userlist_block.erb'),
  }
}
