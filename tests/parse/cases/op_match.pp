$a = 'abc' =~ /b/
$b = 'abc' !~ /b/
$c = 'abc' =~ 'b'
$d = 1 =~ Integer
