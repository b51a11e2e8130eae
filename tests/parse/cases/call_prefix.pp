notice('a')
$a = sprintf('%s', 'b')
notice()
foo::bar(1, 2)
