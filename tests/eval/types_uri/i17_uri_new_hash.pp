notice(URI({scheme => 'http', host => 'a', port => 81, path => '/x', query => 'y=1', fragment => 'z'}))
notice(URI({path => 'rel'}))
notice(URI('http://a/x', false))
