$h = {[1, 2] => a, [1, 2] => b, [3] => c}
notice($h)
notice($h.keys.unique)
notice(unique([[1, 2], [1, 2]]))
notify { n: message => $h }
