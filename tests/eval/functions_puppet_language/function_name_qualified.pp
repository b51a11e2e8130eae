function a::b() { 'ab' }
notice(a::b())
