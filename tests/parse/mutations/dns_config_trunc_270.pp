# mutant: dns/manifests/config.pp lines 4-31, truncated at 24:11
  group { $dns::params::group: }

  concat { $dns::publicviewpath:
    owner => root,
    group => $dns::params::group,
    mode  => '0640',
  }

  if $dns::enable_views {
    file { $dns::viewconfigpath:
      ensure => directory,
      owner  => root,
      group  => $dns::params::group,
      mode   => '0755',
    }
  }
  concat::fragment { 'dns_zones+01-header.dns':
    target  => $dns::publicviewpath,
    content => ' ',
    order   => '01',
  }

  concat {