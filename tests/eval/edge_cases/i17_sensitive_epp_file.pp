$s = inline_epp('<%= $a %> and <%= $b %>', {a => 'x', b => Sensitive('y')})
notice($s)
notice(type($s))
file { '/tmp/s': content => $s }
