class { 'apache': }
