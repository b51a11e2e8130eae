file { '/tmp/x': content => Sensitive('s3cr3t'), mode => '0600' }
notify { 'n': message => Sensitive('hidden') }
