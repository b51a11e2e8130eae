concat { '/tmp/file': }
concat::fragment { 'a': target => '/tmp/file', content => 'x', order => '01' }
