function f(URI[{scheme => 'https'}] $u) { notice($u.host) }
f(URI('https://x.org'))
f(URI('http://x.org'))
