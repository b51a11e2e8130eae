$t = [[0, [a, b]], [[1, 0], c]]
notice(Hash($t, 'tree'))
$h = {a => {b => 1, c => [1, {d => 2}]}}
notice(Hash(Array($h.tree_each), 'tree'))
