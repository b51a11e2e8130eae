$b = 'top'
function g($a, $c = $b, $b = 1) { $c }
notice(g(1))
