type A = Object[{attributes => { a => Integer, d => { type => Integer, kind => derived } }}]
$x = A(1)
notice($x)
notice($x.d)
