define t(Integer $a, $b = fail('boom')) {}
t { 'x': a => 'q' }
