$t = URI[{scheme => 'http', host => 'example.com'}]
notice($t)
notice(URI('http://example.com/x') =~ $t)
notice(URI('https://example.com/x') =~ $t)
notice(URI['http://example.com'] < URI[{scheme => 'http'}])
notice(URI[{scheme => 'http'}] < URI['http://example.com'])
