$x = 2
if $x == 1 { notice(one) }
elsif $x == 2 { notice(two) }
else { notice(other) }
