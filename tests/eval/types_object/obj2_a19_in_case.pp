type A = Object[{attributes => { a => Integer }}]
$x = A(1)
case $x { A: { notice('is A') } default: { notice('other') } }
notice($x ? { Object => 'obj', default => 'no' })
notice($x in [A(1)])
notice(A(2) in [A(1)])
