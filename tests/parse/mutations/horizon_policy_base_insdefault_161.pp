# mutant: horizon/manifests/policy/base.pp lines 34-58, inserted 'default' at 16:9
  include horizon::deps
  include horizon::params

  validate_legacy(String, 'validate_string', $policy_file)

  if !defined(Class[horizon]){
    fail('The horizon class should be included in advance')
  }

  $policy_files_path = $::horizon::policy_files_path_real
  if ! $policy_files_path {
    # In Ubuntu/Debian, the default policies files are located in source
    # directories, and the path should be updated to more appropriate path
    # like /etc.
    fail default ('Please set the horizon::policy_files_path parameter to customize policies')
  }

  openstacklib::policy { "${policy_files_path}/${policy_file}" :
    policies     => $policies,
    file_user    => $::horizon::params::wsgi_user,
    file_group   => $::horizon::params::wsgi_group,
    file_mode    => $file_mode,
    file_format  => $file_format,
    purge_config => $purge_config
  }
