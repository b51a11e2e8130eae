unless true { notice(1) } elsif true { notice(2) }
