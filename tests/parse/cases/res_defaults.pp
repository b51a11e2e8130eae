File { mode => '0644', owner => 'root' }
Resource['file'] { group => 'root' }
Exec { path => '/bin' }
