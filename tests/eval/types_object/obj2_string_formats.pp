type A = Object[{attributes => { a => Integer, s => String }}]
$x = A(1, 'q')
notice(String($x, '%s'))
notice(String($x, '%p'))
notice(sprintf('%s', $x))
notice(inline_epp('<%= $x %>', {x => $x}))
notice(String([$x], '%p'))
