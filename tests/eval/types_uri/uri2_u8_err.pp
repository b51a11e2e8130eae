notice(URI({scheme => 'http', host => 'a.com', path => 'rel'}))
