$n = 4
if $n == 1 { notice(1) } elsif $n == 2 { notice(2) } elsif $n == 3 { notice(3) } elsif $n == 4 { notice(4) } else { notice(5) }
