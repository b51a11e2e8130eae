define t(Struct[{a => Integer, b => String}] $s, Integer $n) {}
t { 'a': s => { a => 'x', b => 1 }, n => 'q' }
