notice(URI('http://a.com') + 1)
