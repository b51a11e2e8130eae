$x = undef
$x.include