# mutant: openstack_extras/manifests/pacemaker/service.pp lines 175-195, deleted ']' at 16:28
  if $ocf_script_template or $ocf_script_file {
    file { $ocf_script_name :
      ensure => $ensure,
      path   => $ocf_script_path,
      mode   => '0755',
      owner  => 'root',
      group  => 'root',
    }

    if $ocf_script_template {
      File[$ocf_script_name] {
        content => template($ocf_script_template),
      }
    } elsif $ocf_script_file {
      File[$ocf_script_name {
        source => "puppet:///modules/${ocf_script_file}",
      }
    }

  }

