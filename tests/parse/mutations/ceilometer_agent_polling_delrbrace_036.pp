# mutant: ceilometer/manifests/agent/polling.pp lines 99-115, deleted '}' at 11:5
  include ceilometer::deps
  include ceilometer::params

  if $central_namespace {
    $central_namespace_name = 'central'
    ceilometer_config {
      # set `tenant_name_discovery` parameter only on the nodes
      # where central namespace is enabled
      'DEFAULT/tenant_name_discovery': value => $tenant_name_discovery;
    
  } else {
    $central_namespace_name = undef
    ceilometer_config {
      'DEFAULT/tenant_name_discovery': ensure => absent;
    }
  }

