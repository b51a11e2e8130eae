define t(Integer $count) {}
t { 'a': count => 'x', foo => 1, bar => 2 }
