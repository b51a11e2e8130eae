function add(Integer $a, Integer $b) { $a + $b }
notice(add(1, 'x'))
