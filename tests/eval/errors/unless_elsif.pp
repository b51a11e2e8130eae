unless true { } elsif true { }
