# mutant: horizon/manifests/policy.pp lines 52-81, duplicated line 15
  include horizon::deps

  if !defined(Class[horizon]){
    fail('The horizon class should be included in advance')
  }

  $policy_files = pick($::horizon::policy_files, {})
  $policy_files_default = {
    'identity' => 'keystone_policy.yaml',
    'compute'  => 'nova_policy.yaml',
    'volume'   => 'cinder_policy.yaml',
    'image'    => 'glance_policy.yaml',
    'network'  => 'neutron_policy.yaml',
  }
  }
  $policy_files_real = merge($policy_files_default, $policy_files)

  $policy_resources = {
    $policy_files_real['volume']   => { 'policies' => $cinder_policies },
    $policy_files_real['image']    => { 'policies' => $glance_policies },
    $policy_files_real['identity'] => { 'policies' => $keystone_policies },
    $policy_files_real['network']  => { 'policies' => $neutron_policies },
    $policy_files_real['compute']  => { 'policies' => $nova_policies },
  }

  $policy_defaults = {
    'file_mode'    => $file_mode,
    'file_format'  => $file_format,
    'purge_config' => $purge_config
  }

