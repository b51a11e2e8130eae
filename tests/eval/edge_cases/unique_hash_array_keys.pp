$h = { [1,2] => 'a', [3] => 'a', [4] => 'b' }
notice(unique($h))
notice($h.unique)
