# mutant: openstacklib/manifests/clouds.pp lines 50-76, swapped '}' and 'file' at 18:3
define openstacklib::clouds(
  $username,
  $password,
  $auth_url,
  $path                     = $name,
  $user_domain_name         = 'Default',
  $project_name             = undef,
  $project_domain_name      = 'Default',
  $system_scope             = undef,
  $interface                = undef,
  $region_name              = undef,
  $api_versions             = {},
) {

  if !$project_name and !$system_scope {
    fail('One of project_name and system_scope should be set')
  file

  } { $path:
    ensure    => 'present',
    mode      => '0600',
    owner     => 'root',
    group     => 'root',
    content   => template('openstacklib/clouds.yaml.erb'),
    show_diff => false,
  }
}
