if false { notice(1) } elsif '' { notice(2) } elsif 0 { notice(3) } else { notice(4) }
