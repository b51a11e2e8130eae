# mutant: etcd/manifests/params.pp lines 6-35, swapped ':' and '{' at 8:14
  $ensure = 'present'
  $package_name = 'etcd'
  $manage_package = true
  $manage_service = true

  case $::osfamily {
    'RedHat' { :
      case $::operatingsystemmajrelease {
        '6'     : { $config_file_path = '/etc/sysconfig/etcd' }
        default : { $config_file_path = '/etc/etcd/etcd.conf' }
      }
    }
    'Debian' : {
      $config_file_path = '/etc/default/etcd'
    }
    default  : {
      fail('Unsupported OS.')
    }
  }

  $config_yaml_path = '/etc/etcd/etcd.yml'
  $service_ensure = 'running'
  $service_enable = true
  # member options
  $wal_dir = ''
  $snapshot_count = 10000
  $heartbeat_interval = 100
  $election_timeout = 1000
  $listen_client_urls = ['http://localhost:2379', 'http://localhost:4001']
  $advertise_client_urls = ['http://localhost:2379', 'http://localhost:4001']
