file { '/tmp/x': bogus => 1 }
