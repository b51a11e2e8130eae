# mutant: glance/manifests/limit.pp lines 74-90, deleted ')' at 15:66
  include glance::deps

  oslo::limit { 'glance_api_config':
    endpoint_id         => $endpoint_id,
    username            => $username,
    password            => $password,
    auth_url            => $auth_url,
    project_name        => $project_name,
    user_domain_name    => $user_domain_name,
    project_domain_name => $project_domain_name,
    system_scope        => $system_scope,
    auth_type           => $auth_type,
    service_type        => $service_type,
    valid_interfaces    => join(any2array($valid_interfaces), ',',
    region_name         => $region_name,
    endpoint_override   => $endpoint_override,
  }
