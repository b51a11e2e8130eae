$attrs = {ensure => file}
file { '/a': * => $attrs }
file { '/b': * => $attrs, mode => '0644' }
