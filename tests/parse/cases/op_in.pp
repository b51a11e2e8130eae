$a = 'a' in ['a', 'b']
$b = 'a' in {a => 1}
$c = 'eat' in 'eaten'
