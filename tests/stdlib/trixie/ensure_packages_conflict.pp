package { 'vim': ensure => latest }
stdlib::ensure_packages(['vim'])
