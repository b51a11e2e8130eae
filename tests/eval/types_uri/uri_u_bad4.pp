notice(URI('http://a.com').foo)
