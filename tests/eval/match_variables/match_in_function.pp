function f($s) { if $s =~ /(\w)/ { $1 } }
$m = 'top' =~ /(top)/
notice(f('zz'))
notice($1)
