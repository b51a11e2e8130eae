if $a { notice(1) } elsif $b { notice(2) } else { notice(3) }
if $a {} else {}
if $a { }
$x = if $a { 1 } else { 2 }
