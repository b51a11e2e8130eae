$h = {[a] => 1, [b] => 2}
notice($h.unique)
notice([$h, $h].unique)
notice({a => [1, 2], b => [1, 2]}.unique)
notify { n: message => {[a] => 1} }
