notify { n: message => Sensitive('secret') }
file { '/tmp/x': content => Sensitive('c') }
