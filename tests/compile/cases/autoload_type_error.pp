class { 'mymod': x => 500 }
