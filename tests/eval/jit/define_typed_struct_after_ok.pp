define t(Struct[{a => Integer}] $s, Integer[0] $n = 0) { notice($s) }
t { 'ok': s => { a => 1 } }
t { 'bad': s => { a => 'x' }, n => -2 }
