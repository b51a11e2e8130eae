class { 'keystone': }
