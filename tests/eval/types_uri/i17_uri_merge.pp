notice(URI('http://a/b/c') + URI('d'))
notice(URI('http://a/b/c') + 'http://x/y')
notice(URI('http://a/b/c') + URI('?q'))
