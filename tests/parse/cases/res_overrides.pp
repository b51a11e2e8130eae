File['/a'] { mode => '0600' }
File['/a'] { require +> Package['x'] }
File['/a', '/b'] { owner => 'x' }
