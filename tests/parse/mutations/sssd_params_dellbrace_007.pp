# mutant: sssd/manifests/params.pp lines 30-59, deleted '{' at 3:19
      case $::operatingsystem {
        'Ubuntu': 
          # Check that we're running 14.04 or newer
          if versioncmp($::operatingsystemrelease, '14.04') >= 0 {
            $unsupported = false
          } else {
            $unsupported = true
          }
        }
        'Debian': {
          if versioncmp("${::operatingsystemrelease}", '8.0') >= 0 {
            $unsupported = false
          } else {
            $unsupported = true
          }
        }
        default: {
          $unsupported = true
        }
      }

      $manage_package = true
      $package_name = ['sssd','sssd-ldap','sssd-tools']
      $package_ensure = 'present'

      $manage_config = true
      $config_path = '/etc/sssd/sssd.conf'
      $config_owner = 'root'
      $config_group = 'root'
      $config_mode  = '0600'
