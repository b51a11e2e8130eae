$h = {a => {b => 1, c => {d => 2}}, e => [1, 2]}
$t = $h.tree_each.filter |$x| { $x[1] !~ Hash }.map |$x| { $x }
notice($t)
notice(Hash($t.filter |$x| { !$x[0].empty }, 'tree'))
