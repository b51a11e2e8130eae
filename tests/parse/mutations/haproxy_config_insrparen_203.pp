# mutant: haproxy/manifests/config.pp lines 50-76, inserted ')' at 9:83
    concat { $_config_file:
      owner => '0',
      group => '0',
      mode  => '0640',
    }

    # validate_cmd introduced in Puppet 3.5
    if ((!defined('$::puppetversion') or (versioncmp($::puppetversion, '3.5') >= 0 ) )) and
        (!defined('$::serverversion') or versioncmp($::serverversion, '3.5') >= 0)) {
      Concat[$_config_file] {
        validate_cmd => $config_validate_cmd,
      }
    }

    # Simple Header
    concat::fragment { "${instance_name}-00-header":
      target  => $_config_file,
      order   => '01',
      content => "# This file managed by Puppet\n",
    }

    # Template uses $_global_options, $_defaults_options, $custom_fragment
    concat::fragment { "${instance_name}-haproxy-base":
      target  => $_config_file,
      order   => '10',
      content => template("${module_name}/haproxy-base.cfg.erb"),
    }
