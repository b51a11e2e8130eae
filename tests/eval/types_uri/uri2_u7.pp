notice(URI({scheme => 'http', host => 'a.com', port => 80}))
notice(URI({scheme => 'http', host => 'a.com', port => 81, path => '/x', query => 'a=b', fragment => 'f'}))
notice(URI({path => 'rel'}))
notice(URI({scheme => 'urn', opaque => 'x:y'}))
