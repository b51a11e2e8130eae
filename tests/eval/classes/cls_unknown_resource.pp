class { 'nosuch': }
