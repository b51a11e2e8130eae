notice(URI[{scheme => 'http', port => 80}])
notice(URI[{scheme => 'http', port => '80'}])
notice(URI[{opaque => 'x'}])
notice(URI[URI('http://a')])
